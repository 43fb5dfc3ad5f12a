import CatalogValidation
import Diagnostics
import Foundation
import PolicyCompiler
import PolicyLoader
import PolicyModel
import PolicyValidation
import Project
import Publishing
import Store
import StoreCatalog
import TollgateEvaluation

extension Workspace {
    /// The store when neither `--store` nor `TOLLGATE_STORE` names one: a file under the current directory.
    static let defaultStore = ".tollgate/store.sqlite"

    /// The `--store` option (`--db` is its older name), shared by every command that reads or writes the store.
    static func storeOption(help: String = "the policy store: a file, sqlite:FILE, or a postgres:// URL",
                            default defaultValue: Option.Default? = .described(
                                "$TOLLGATE_STORE, else \(defaultStore)")) -> Option {
        .value(.store, valueName: "store", help: help, default: defaultValue)
    }

    /// The store `--store` names, else `TOLLGATE_STORE`; nil when neither does.
    func namedStore(_ arguments: Arguments) -> String? {
        arguments[.store] ?? context.environment["TOLLGATE_STORE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The store the command works on: `--store`, else `TOLLGATE_STORE`, else `.tollgate/store.sqlite`; a relative
    /// path is taken from the current directory. The name is what messages show: a URL without its password.
    func storeLocation(_ arguments: Arguments) -> (location: StoreLocation, name: String) {
        let name = namedStore(arguments) ?? Self.defaultStore
        let location = StoreLocation(name)
        switch location {
        case .sqlite(let path): return (.sqlite(path: absolute(path)), name)
        case .postgres: return (location, location.name)
        }
    }

    /// Opens the store `--store` names in `mode`; a store that cannot be opened stops the command (exit 2).
    func openStore(_ arguments: Arguments, mode: StoreMode) throws(CommandError) -> any PolicyStore {
        do {
            return try storeLocation(arguments).location.open(mode)
        } catch {
            throw .failure(error.description)
        }
    }

    /// Publishing on the store `--store` names, opened in `mode`.
    func publisher(_ arguments: Arguments, mode: StoreMode) throws(CommandError) -> Publisher {
        Self.publisher(on: try openStore(arguments, mode: mode), named: storeLocation(arguments).name)
    }

    /// Publishing on the store `--store` names, opened for writing; nil when no one has created it yet.
    func existingPublisher(_ arguments: Arguments) throws(CommandError) -> Publisher? {
        let (location, name) = storeLocation(arguments)
        do {
            return Self.publisher(on: try location.open(.write), named: name)
        } catch .missing {
            return nil
        } catch {
            throw .failure(error.description)
        }
    }

    /// Publishing on `store` (`name` in messages), validating with ICU's data as every command does.
    static func publisher(on store: any PolicyStore, named name: String) -> Publisher {
        Publisher(store: store, storeName: name, validator: { Validator.withICU(baselines: $0) })
    }

    /// Who publishes: `--author`, else git's user name, else `$USER`.
    func author(_ arguments: Arguments) -> String {
        if let author = arguments[.author], !author.isEmpty { return author }
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

    /// What each app published in the store `--store` names, for the product-id rules.
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

    /// The validator with the baseline `--baseline` or the store names, if any: `--baseline` and `--store` exclude
    /// each other, and `TOLLGATE_STORE` counts only without `--baseline`.
    func validator(_ arguments: Arguments, catalogs: [String: [StoreCatalog]]? = nil) throws(CommandError)
        -> Validator {
        var baselines: [String: ProductBaseline]?
        if let path = arguments[.baseline] {
            baselines = try self.baselines(path: path)
        } else if namedStore(arguments) != nil {
            baselines = try self.baselines(store: arguments)
        }
        if baselines == nil, catalogs == nil { return .withICU }
        return Validator(context: .icu(baselines: baselines), catalogs: catalogs)
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
