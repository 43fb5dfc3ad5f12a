import Foundation

/// The paywall as JSON for apps and tools: sorted keys, absent lines as `null`.
package struct PaywallJSONFormat: Sendable {
    package init() {}

    package func render(_ page: RenderedPaywall) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, booleans and arrays of them always encode.
        let data = (try? encoder.encode(page)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
