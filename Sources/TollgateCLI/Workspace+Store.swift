import Foundation
import PolicyLoader
import PolicyModel
import PolicyValidation
import Store
import TollgateEvaluation

extension Workspace {
    /// The store's file: `--db`, else `.tollgate/store.sqlite` under the current directory.
    static let defaultStore = ".tollgate/store.sqlite"

    /// Opens the store named by `--db`; a store that cannot be opened stops the command (exit 2).
    func openStore(_ arguments: Arguments, writable: Bool) throws(CommandError) -> PolicyStore {
        do {
            return try PolicyStore(path: absolute(arguments["--db"] ?? Self.defaultStore), writable: writable)
        } catch {
            throw .failure(error.description)
        }
    }

    /// Who publishes: `--author`, else git's user name, else `$USER`.
    func author(_ arguments: Arguments) -> String {
        if let author = arguments["--author"], !author.isEmpty { return author }
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        git.arguments = ["git", "config", "user.name"]
        git.currentDirectoryURL = URL(fileURLWithPath: context.currentDirectory)
        let output = Pipe()
        git.standardOutput = output
        git.standardError = FileHandle.nullDevice
        if (try? git.run()) != nil {
            let name = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            git.waitUntilExit()
            if git.terminationStatus == 0, !name.isEmpty { return name }
        }
        return context.environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
    }

    /// The command's time as ISO 8601 in UTC, as the store records it.
    var timestamp: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: context.now)
    }

    /// What each app published in the store, for the product-id rules; `name` is the store as the user
    /// wrote it, for messages.
    func baselines(store: PolicyStore, name: String) throws(CommandError) -> [String: ProductBaseline] {
        do {
            var baselines: [String: ProductBaseline] = [:]
            for app in try store.apps() {
                let catalog = try store.catalog(app: app)
                baselines[app] = ProductBaseline(
                    types: catalog.products.mapValues(\.type),
                    removed: Set(catalog.products.values.filter { $0.lastVersion < catalog.latestVersion }.map(\.id)),
                    source: "the store \(name), version \(catalog.latestVersion)")
            }
            return baselines
        } catch {
            throw .failure(error.description)
        }
    }

    /// The products of the policies in an older copy of `Policies/` (or a checkout holding one).
    func baselines(path: String) throws(CommandError) -> [String: ProductBaseline] {
        let folder = absolute(path)
        let policies = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("Policies"))
            ? (path as NSString).appendingPathComponent("Policies") : path
        var baselines: [String: ProductBaseline] = [:]
        for file in try policyFiles([policies]) {
            guard let data = FileManager.default.contents(atPath: absolute(file)),
                  let policy = PolicyLoader.load([UInt8](data), file: file).value else {
                throw .failure("cannot load the baseline policy \(file); check it out again")
            }
            let types = Dictionary(policy.products.map { ($0.id.value, $0.type.value.rawValue) }) { first, _ in first }
            baselines[policy.app.id.value] = ProductBaseline(types: types, source: "the baseline \(file)")
        }
        return baselines
    }

    /// The validator with the baseline `--db` or `--baseline` names, if any.
    func validator(_ arguments: Arguments) throws(CommandError) -> Validator {
        switch (arguments["--db"], arguments["--baseline"]) {
        case (nil, nil): return .withICU
        case (let name?, nil):
            return .withICU(baselines: try baselines(store: openStore(arguments, writable: false), name: name))
        case (nil, let path?): return .withICU(baselines: try baselines(path: path))
        default: throw .usage("give either --db or --baseline, not both")
        }
    }

    /// The policy file and template files of `app` as they are on disk, by project-relative path.
    func publishedFiles(app: String) throws(CommandError) -> [String: [UInt8]] {
        let policy = try policyFile(app: app)
        var files: [String: [UInt8]] = [:]
        for file in [policy] + templateFiles(of: policy) {
            guard let data = FileManager.default.contents(atPath: absolute(file)) else {
                throw .failure("cannot read \(file)")
            }
            files[file] = [UInt8](data)
        }
        return files
    }
}
