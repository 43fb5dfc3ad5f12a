import PolicyModel
import Rendering
import StoreCatalog

extension Workspace {
    /// The largest catalog file read: far above any real catalog (a .storekit of 1,000 products is about 3 MiB),
    /// low enough that a wrong file cannot exhaust memory.
    package static let maximumCatalogBytes = 64 << 20

    /// Reads each catalog file; the first that cannot be read or is of an unknown shape stops the command (exit 2)
    /// with its position.
    func catalogs(_ files: [String]) throws(CommandError) -> [StoreCatalog] {
        let reader = CatalogReader(currencyOfStorefront: CLDRCurrencies.currency(ofStorefront:))
        var catalogs: [StoreCatalog] = []
        for file in files {
            let size = try size(of: file)
            guard size <= Self.maximumCatalogBytes else {
                throw .failure("\(file): the file is \(size) bytes; a catalog file may have at most "
                                   + "\(Self.maximumCatalogBytes) bytes (64 MiB)",
                               help: "save one store response per file")
            }
            let bytes = try contents(of: file)
            do throws(CatalogError) {
                catalogs.append(try reader.read(file: file, bytes: bytes))
            } catch {
                throw .failure("\(error)")
            }
        }
        return catalogs
    }

    /// Which of `catalogs` each app is compared with, by app id: all of them when there is one app; otherwise a
    /// catalog goes to every app that sells one of its product ids, or whose `package_name` it names.
    func assign(_ catalogs: [StoreCatalog], to policies: [Policy]) throws(CommandError) -> [String: [StoreCatalog]] {
        if policies.count == 1 { return [policies[0].app.id.value: catalogs] }
        var assigned: [String: [StoreCatalog]] = [:]
        for catalog in catalogs {
            let ids = Set(catalog.products.map(\.id.value))
            let owners = policies.filter { policy in
                policy.products.contains { ids.contains($0.id.value) }
                    || (catalog.packageName != nil && policy.app.packageName?.value == catalog.packageName?.value)
            }
            guard !owners.isEmpty else {
                throw .badArgument("the catalog '\(catalog.file)' sells none of the products of "
                                       + policies.map { "'\($0.app.id.value)'" }.joined(separator: ", "),
                                   help: "check it against one app with 'tollgate catalog check --app <app> \(catalog.file)'")
            }
            for owner in owners { assigned[owner.app.id.value, default: []].append(catalog) }
        }
        return assigned
    }
}
