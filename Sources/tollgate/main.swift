import Foundation
import TollgateCLI

let context = CommandContext(
    currentDirectory: FileManager.default.currentDirectoryPath,
    environment: ProcessInfo.processInfo.environment,
    stderrIsTerminal: isatty(STDERR_FILENO) == 1,
    now: Date(),
    readStandardInput: { [UInt8](FileHandle.standardInput.readDataToEndOfFile()) })
let result = Tollgate.run(Array(CommandLine.arguments.dropFirst()), context: context)
FileHandle.standardOutput.write(Data(result.stdout.utf8))
FileHandle.standardError.write(Data(result.stderr.utf8))
exit(result.exitCode)
