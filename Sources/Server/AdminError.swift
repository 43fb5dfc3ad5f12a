package import Diagnostics

/// Why a publish, rollback or history read did not happen, in the terms of the problem it answers.
package enum AdminError: Error, Sendable {
    case unknownApp(String)
    case unknownVersion(String)
    case ambiguousVersion(String)
    /// The files have errors: the sentence, and the findings.
    case findings(String, [Diagnostic])
    case cannotCompile(String)
    /// Another publish came first and forbids this one: the sentence, and the conflicts as findings.
    case refused(String, [Diagnostic])
    /// Nothing has been published to the store yet.
    case noStore
    case storeFailed(String)
}
