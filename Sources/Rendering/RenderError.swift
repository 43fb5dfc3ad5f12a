/// Why a paywall cannot be rendered at all: an unknown paywall, no templates, or ICU refusing a locale.
package struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
    /// A suggestion, such as `did you mean 'main'?`.
    package var help: String?

    package init(_ description: String, help: String? = nil) {
        self.description = description
        self.help = help
    }
}
