extension CompiledPolicy {
    /// Each product's short name, in the bundle's order: its id without the app's bundle id, as reasons name it.
    package var productNames: [String] { tables.productNames }
}
