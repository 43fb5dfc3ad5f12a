import Project
package import Server

extension Service {
    /// How the render routes read the prices in a request body: as a prices file, with ICU's currency digits.
    package static let requestPrices: PriceSheetReader = { body, otherKeys in
        Project.prices(inRequestBody: body, otherKeys: otherKeys).mapError { InvalidPrices(mistakes: $0.mistakes) }
    }
}
