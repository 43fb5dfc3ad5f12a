import Diagnostics
import Foundation
import PolicyCompiler
import PolicyLoader
import PolicyModel
import PolicyValidation
import Publishing
import Store
import TollgateEvaluation

extension Workspace {
    /// The store's file: `--db`, else `.tollgate/store.sqlite` under the current directory.
    static let defaultStore = ".tollgate/store.sqlite"

    /// Opens the store named by `--db` in `mode`; a store that cannot be opened stops the command (exit 2).
    func openStore(_ arguments: Arguments, mode: PolicyStore.Mode) throws(CommandError) -> PolicyStore {
        do {
            return try PolicyStore(path: absolute(arguments["--db"] ?? Self.defaultStore), mode: mode)
        } catch {
            throw .failure(error.description)
        }
    }

    /// Publishing on the store named by `--db`, opened in `mode`.
    func publisher(_ arguments: Arguments, mode: PolicyStore.Mode) throws(CommandError) -> Publisher {
        Self.publisher(on: try openStore(arguments, mode: mode), named: arguments["--db"] ?? Self.defaultStore)
    }

    /// Publishing on `store` (`name` in messages), validating with ICU's data as every command does.
    static func publisher(on store: PolicyStore, named name: String) -> Publisher {
        Publisher(store: store, storeName: name, validator: { Validator.withICU(baselines: $0) })
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

    /// What each app published in the store `--db` names, for the product-id rules.
    func baselines(store arguments: Arguments) throws(CommandError) -> [String: ProductBaseline] {
        let publisher = try publisher(arguments, mode: .read)
        do {
            return try publisher.baselines()
        } catch {
            throw .failure(error.description)
        }
    }

    /// The products and experiments of the policies in an older copy of `Policies/` (or a checkout holding one).
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
            let experiments = PolicyCompiler.bundle(policy).experiments
            baselines[policy.app.id.value] = ProductBaseline(
                types: types, experiments: Dictionary(experiments.map { ($0.id, $0) }) { first, _ in first },
                source: "the baseline \(file)")
        }
        return baselines
    }

    /// The validator with the baseline `--db` or `--baseline` names, if any (the parser lets through at most one).
    func validator(_ arguments: Arguments) throws(CommandError) -> Validator {
        if let path = arguments["--baseline"] { return .withICU(baselines: try baselines(path: path)) }
        if arguments.has("--db") { return .withICU(baselines: try baselines(store: arguments)) }
        return .withICU
    }

    /// The policy file and template files of `app` as they are on disk, by project-relative path; a file that
    /// cannot be read stops the command as it does `validate`.
    func appFiles(app: String) throws(CommandError) -> AppFiles {
        let policy = try policyFile(app: app)
        var templates: [FileContent] = []
        for file in templateFiles(of: policy) {
            templates.append(FileContent(path: file, bytes: try contents(of: file)))
        }
        return AppFiles(app: app, policy: FileContent(path: policy, bytes: try contents(of: policy)),
                        templates: templates)
    }
}

extension CommandError {
    /// A publishing failure as the command line reports it: findings and refusals exit 1, the rest 2.
    init(_ error: PublishingError) {
        switch error {
        case .findings(let diagnostics), .refused(_, let diagnostics): self = .findings(diagnostics)
        case .unknownApp, .unknownVersion, .ambiguousVersion, .cannotCompile, .store: self = .failure(error.description)
        }
    }
}
