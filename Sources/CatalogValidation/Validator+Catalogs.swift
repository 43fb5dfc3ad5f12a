package import Diagnostics
package import PolicyValidation
package import StoreCatalog

extension Validator {
    /// Every rule provider a command can run, in table order: the standard rules, then the catalog rules.
    package static let providerTypes: [any RuleProvider.Type] = [StandardRules.self, CatalogRules.self]

    /// Every rule type a command can run, in table order.
    package static var ruleTypes: [any Rule.Type] {
        providerTypes.flatMap { $0.ruleTypes }
    }

    /// The descriptors of every rule a command can run, in table order.
    package static var descriptors: [RuleDescriptor] {
        ruleTypes.map { $0.descriptor }
    }

    /// The standard rules, then the catalog rules when `catalogs` were given (nil: no catalog, so no catalog rule).
    package init(context: ValidationContext, catalogs: [String: [StoreCatalog]]?) {
        let standard: [any RuleProvider] = [StandardRules()]
        self.init(context: context, providers: standard + (catalogs.map { [CatalogRules(catalogs: $0)] } ?? []))
    }
}
