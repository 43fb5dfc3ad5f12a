import Diagnostics
import Foundation
import Project
import Publishing
package import PolicyValidation
package import Server
package import Store
import TollgateEvaluation

/// The apps of a project folder as `tollgate serve` loads them, through `Project`: the folder's loaded, validated
/// and compiled as `validate` and `publish` do, and a published snapshot's from its files as published.
package struct ProjectReleases: ReleaseLoader {
    /// The project folder, holding `Policies/` and `Templates/`.
    package let folder: String
    package let validator: Validator

    package init(folder: String, validator: Validator) {
        self.folder = folder
        self.validator = validator
    }

    package var folderDescription: String { "Policies/ and Templates/ in \(folder)" }

    /// Names, sizes and modification times of every file under `Policies/` and `Templates/`.
    package func folderFingerprint() -> String {
        var entries: [String] = []
        for child in [ProjectLayout.policiesFolder, ProjectLayout.templatesFolder] {
            let root = (folder as NSString).appendingPathComponent(child)
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let path = walker.nextObject() as? String {
                let attributes = walker.fileAttributes ?? [:]
                guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                let size = attributes[.size] as? Int ?? 0
                let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                entries.append("\(child)/\(path):\(size):\(time)")
            }
        }
        return entries.sorted().joined(separator: "\n")
    }

    /// Every app of the folder, read and loaded at once on every core, then compiled in the order of their policy
    /// files; a file that cannot be read, or the first app that does not validate or compile, stops the load with
    /// what `validate` would print for it.
    package func releases() throws(ReloadError) -> [AppRelease] {
        let loaded: [LoadedApp]
        do {
            loaded = try Project.loadApps(from: DiskFiles(folder: folder))
        } catch {
            throw ReloadError(error.description)
        }
        guard !loaded.isEmpty else { throw ReloadError("no policies in Policies/") }
        var releases: [AppRelease] = []
        for app in loaded {
            do {
                let compiled = try Publisher.compile(app, app: app.app, validator: validator)
                releases.append(AppRelease(sources: compiled.sources, compiled: compiled.policy))
            } catch {
                throw ReloadError(Self.text(error))
            }
        }
        return releases
    }

    package func release(of snapshot: Snapshot) throws(ReloadError) -> AppRelease {
        let loaded = Project.loadSnapshot(app: snapshot.app, files: snapshot.files)
        guard let sources = loaded.sources else {
            throw ReloadError(TextFormat().render(loaded.diagnostics.sorted(by: Diagnostic.sourceOrder)))
        }
        do {
            let compiled = try CompiledPolicy(bundleJSON: Data(snapshot.bundle))
            return AppRelease(sources: sources, compiled: compiled, version: snapshot.version)
        } catch {
            throw ReloadError("\(error)")
        }
    }

    /// A publishing failure as the command line words it: findings as `validate` prints them, else the sentence.
    private static func text(_ error: PublishingError) -> String {
        switch error {
        case .findings(let diagnostics), .refused(_, let diagnostics): TextFormat().render(diagnostics)
        case .unknownApp, .unknownVersion, .ambiguousVersion, .cannotCompile, .store: error.description
        }
    }
}
