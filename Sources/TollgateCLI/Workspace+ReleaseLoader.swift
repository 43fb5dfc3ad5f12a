import Foundation
import Replication
import Server
import Store
import TollgateEvaluation

/// The project's apps as `tollgate serve` loads them: the folder's with the same checks as `validate`, and a
/// published snapshot's from its files as published.
struct WorkspaceReleases: ReleaseLoader {
    let workspace: Workspace

    var folderDescription: String { "Policies/ and Templates/ in \(workspace.context.currentDirectory)" }

    func folderFingerprint() -> String {
        workspace.fingerprint(of: ["Policies", "Templates"])
    }

    func releases() throws(ReloadError) -> [AppRelease] {
        let files = (try? workspace.policyFiles([])) ?? []
        guard !files.isEmpty else { throw ReloadError("no policies in Policies/") }
        var releases: [AppRelease] = []
        for file in files {
            do throws(CommandError) {
                let compiled = try workspace.compiledApp(Workspace.stem(file))
                releases.append(AppRelease(sources: compiled.sources, compiled: compiled.policy))
            } catch {
                throw ReloadError(error.text)
            }
        }
        return releases
    }

    func release(of snapshot: Snapshot) throws(ReloadError) -> AppRelease {
        do {
            let sources = try workspace.sources(of: snapshot)
            let compiled = try CompiledPolicy(bundleJSON: Data(snapshot.bundle))
            return AppRelease(sources: sources, compiled: compiled, version: snapshot.version)
        } catch let error as BundleError {
            throw ReloadError("\(error)")
        } catch let error as CommandError {
            throw ReloadError(error.text)
        } catch {
            throw ReloadError("\(error)")
        }
    }
}

extension Workspace {
    /// Names, sizes and modification times of every file under `folders`: changes when any file does.
    func fingerprint(of folders: [String]) -> String {
        var entries: [String] = []
        for folder in folders {
            let root = absolute(folder)
            guard let walker = FileManager.default.enumerator(atPath: root) else { continue }
            while let path = walker.nextObject() as? String {
                let attributes = walker.fileAttributes ?? [:]
                guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
                let size = attributes[.size] as? Int ?? 0
                let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                entries.append("\(folder)/\(path):\(size):\(time)")
            }
        }
        return entries.sorted().joined(separator: "\n")
    }
}
