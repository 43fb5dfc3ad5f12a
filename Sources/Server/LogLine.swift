package import JSON

/// One line of the service's JSON log: an object whose members are written in the order given, `event` first.
package enum LogLine {
    /// The line of `event` with the members `members` writes after it.
    package static func event(_ event: String, _ members: (inout JSONWriter.Members) -> Void = { _ in }) -> String {
        var writer = JSONWriter(capacity: 128)
        writer.object { object in
            object.member("event") { $0.string(event) }
            members(&object)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
