import Customers
import PolicyModel
import TollgateEvaluation

extension CustomerPolicy {
    /// What the customer routes need of a release: its store identities, restore rule and products.
    package init(_ release: AppRelease) {
        let policy = release.sources.policy
        let credits = Dictionary(policy.products.compactMap { product in
            product.credits.map { (product.id.value, CreditGrant(currency: $0.currency.value, amount: Int64($0.amount.value))) }
        }) { first, _ in first }
        let products = Dictionary(release.compiled.bundle.products.map { product in
            (product.id, ProductFacts(type: product.type, period: product.period, credits: credits[product.id]))
        }) { first, _ in first }
        self.init(app: release.compiled.app, bundleID: release.compiled.bundle.bundleID,
                  appleID: policy.app.appleID?.value.number,
                  restore: policy.customers.restore == .keep ? .keep : .transfer,
                  products: products, packageName: policy.app.packageName?.value)
    }
}
