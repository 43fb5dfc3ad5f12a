package import PolicyModel

/// Reads the prices input of a request body (docs/templates.md), leaving `otherKeys` to another reader of the
/// body: the prices, or each mistake as `line:column: message`.
package typealias PriceSheetReader = @Sendable (_ body: [UInt8], _ otherKeys: [String])
    -> Result<PriceSheet, InvalidPrices>

/// The mistakes of a prices input, each as `line:column: message`.
package struct InvalidPrices: Error, Sendable {
    package var mistakes: [String]

    package init(mistakes: [String]) {
        self.mistakes = mistakes
    }
}
