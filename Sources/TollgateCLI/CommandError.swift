package import Diagnostics

/// Why a command stopped: a usage mistake (exit 2, with the usage text), a system failure (exit 2),
/// findings in the user's files (exit 1, printed compiler style) or an input it cannot read (exit 1).
package enum CommandError: Error {
    case usage(String)
    case failure(String)
    case findings([Diagnostic])
    case invalidInput(String)
}
