import Customers
import PolicyValidation
import Project
import Purchases
import Replication
import Server
import Store
import StoreSignatures

extension Workspace {
    /// The `--apple-root-ca` option of the commands that verify App Store payloads.
    static func appleRootOption() -> Option {
        .value(.appleRootCA, valueName: "file", help: "trust this root for App Store payloads instead of Apple Root "
            + "CA - G3 (DER or PEM; for tests)", default: .described("$TOLLGATE_APPLE_ROOT_CA, "
            + "colon-separated, else the shipped Apple Root CA - G3"), repeatable: true)
    }

    /// The roots App Store payloads must chain to: `--apple-root-ca`, else `TOLLGATE_APPLE_ROOT_CA`, else the
    /// shipped Apple Root CA - G3 with strict X.509 checks.
    func appleRoots(_ arguments: Arguments) throws(CommandError) -> SignatureRoots {
        var files = arguments.all(.appleRootCA)
        if files.isEmpty, let variable = context.environment["TOLLGATE_APPLE_ROOT_CA"], !variable.isEmpty {
            files = variable.split(separator: ":").map(String.init)
        }
        guard !files.isEmpty else { return .apple }
        var certificates: [Certificate] = []
        for file in files {
            let bytes = try contents(of: file)
            do {
                certificates += try Certificate.load(file: bytes)
            } catch {
                throw .badArgument("\(file): \(error)", help: "give a root certificate in DER or PEM")
            }
        }
        return SignatureRoots(certificates: certificates, strict: false)
    }

    /// The customers of the store the command works on.
    func customerLedger(_ arguments: Arguments) throws(CommandError) -> CustomerLedger {
        CustomerLedger(stores: StorePool(location: storeLocation(arguments).location, capacity: 1),
                       roots: try appleRoots(arguments))
    }

    /// What the customer commands need of `app`'s policy: as `serve --store` serves it, the version the default
    /// channel of a named store points at; else (no store named, or the app not published there) its files.
    func customerPolicy(_ app: String, _ arguments: Arguments) throws(CommandError) -> CustomerPolicy {
        CustomerPolicy(try servedRelease(app, arguments))
    }

    /// `app`'s release as `serve --store` serves it: the version the default channel of a named store points at;
    /// else (no store named, or the app not published there) its files.
    func servedRelease(_ app: String, _ arguments: Arguments) throws(CommandError) -> AppRelease {
        if namedStore(arguments) != nil {
            var snapshot: Snapshot?
            do throws(StoreError) {
                snapshot = try storeLocation(arguments).location.open(.read).active(app: app,
                                                                                     channel: PublishCommand.defaultChannel)
            } catch {
                guard case .missing = error else { throw .failure(error.description) }
            }
            if let snapshot {
                do {
                    return try ProjectReleases(folder: context.currentDirectory, validator: .withICU)
                        .release(of: snapshot)
                } catch {
                    throw .failure("version \(snapshot.version) of '\(app)' in the store does not load: \(error)")
                }
            }
        }
        let (sources, compiled) = try compiledApp(app)
        return AppRelease(sources: sources, compiled: compiled)
    }
}
