import Foundation
package import PolicyValidation
package import Store
package import TollgateEvaluation

extension PublishedCatalog {
    /// The catalog and the published `experiments` as the rules that compare with what was published read
    /// them; `source` says where they come from, for messages.
    package func baseline(experiments: [String: PolicyBundle.Experiment], source: String) -> ProductBaseline {
        ProductBaseline(types: products.mapValues(\.type),
                        removed: Set(products.values.filter { $0.lastVersion < latestVersion }.map(\.id)),
                        experiments: experiments, source: source)
    }

    /// The experiments of a published bundle by id; none when the bundle cannot be read, which only a
    /// damaged store gives, so the product rules still run.
    package static func experiments(ofBundle bundle: [UInt8]) -> [String: PolicyBundle.Experiment] {
        guard let decoded = try? PolicyBundle(json: Data(bundle)) else { return [:] }
        return Dictionary(decoded.experiments.map { ($0.id, $0) }) { first, _ in first }
    }
}
