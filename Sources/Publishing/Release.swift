package import PolicyModel
package import TollgateEvaluation

/// An app's files, validated against what the store published and compiled: ready to publish.
package struct Release: Sendable {
    package var files: AppFiles
    package var sources: AppSources
    package var compiled: CompiledPolicy
}
