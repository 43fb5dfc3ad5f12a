import Foundation

/// A file of a project that cannot be read, and the system's words for why.
package struct ProjectFileError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    /// Why, as a message continues: `no such file or directory`, `not a regular file`.
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The file `path` and the system error `code`.
    package init(path: String, errno code: Int32) {
        self.init(path: path, reason: Self.reason(errno: code))
    }

    /// `cannot read '<path>': <reason>`.
    package var description: String { "cannot read '\(path)': \(reason)" }

    /// The system's words for `code`, lowercased the way messages start: `no such file or directory`.
    package static func reason(errno code: Int32) -> String {
        let reason = String(cString: strerror(code))
        return reason.prefix(1).lowercased() + reason.dropFirst()
    }

    /// Why a Foundation file operation failed: the system's words when it says which system error it was.
    package static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code))
        }
        return error.localizedDescription
    }
}
