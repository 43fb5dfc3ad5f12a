import Foundation

/// A child's stdout and stderr as two files in a folder of their own, removed with it: a full pipe would block the
/// child while the test waits for it to exit, a file never does.
final class OutputFiles {
    let folder: URL
    let output: FileHandle
    let errors: FileHandle

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tollgate-child-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: folder.appendingPathComponent("stdout").path, contents: nil),
              FileManager.default.createFile(atPath: folder.appendingPathComponent("stderr").path, contents: nil) else {
            throw ChildProcess.Failure(description: "cannot create files in \(folder.path)")
        }
        output = try FileHandle(forWritingTo: folder.appendingPathComponent("stdout"))
        errors = try FileHandle(forWritingTo: folder.appendingPathComponent("stderr"))
    }

    deinit {
        try? output.close()
        try? errors.close()
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the child wrote, with the status it ended with.
    func result(status: Int32, timedOut: Bool) -> ChildProcessResult {
        let text = { (name: String) in
            String(decoding: (try? Data(contentsOf: self.folder.appendingPathComponent(name))) ?? Data(), as: UTF8.self)
        }
        return ChildProcessResult(status: status, timedOut: timedOut, stdout: text("stdout"), stderr: text("stderr"))
    }
}
