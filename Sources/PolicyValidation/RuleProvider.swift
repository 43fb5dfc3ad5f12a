/// A part of the validator's table: the rules it gives for a context, and every rule type it can give.
///
/// The standard rules are one provider; modules above this one add their own (the catalog rules), so the
/// validator never needs to know what they compare with.
package protocol RuleProvider: Sendable {
    /// Every rule type the provider can give, in the order it gives them: what `tollgate explain` and the
    /// report formats describe.
    static var ruleTypes: [any Rule.Type] { get }

    /// The rules to run, each built with what it needs from `context`; a rule whose input is missing is
    /// left out rather than run on nothing.
    func rules(_ context: ValidationContext) -> [any Rule]
}
