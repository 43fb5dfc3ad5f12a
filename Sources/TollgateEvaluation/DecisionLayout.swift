import JSON

/// The parts of a decision's JSON that are the same for every input, written once per policy, so that the service
/// writes each answer from them and the evaluation's tier set instead of building a `Decision` and its dictionaries.
struct DecisionLayout: Sendable {
    /// A feature in the order a decision's objects list it, by id as `JSONWriter` sorts names.
    struct Feature: Sendable {
        let tier: Int
        /// The feature's id as a JSON string literal.
        let name: [UInt8]
    }

    let features: [Feature]
    /// Whether two features share an id: a decision's dictionaries then keep one of them, which `Decision` does.
    let repeatsFeatures: Bool
    /// The app's id and the policy's hash as string literals.
    let app: [UInt8]
    let policy: [UInt8]
    /// Every ad placement as an object of `true`, and of `false`.
    let placementsShown: [UInt8]
    let placementsHidden: [UInt8]
    /// The free tier's sentence as a string literal.
    let free: [UInt8]
    /// Per tier: the sentence for a feature it would unlock when nothing is withheld, as a string literal.
    let needs: [[UInt8]]
    /// Per product: its id as a string literal, for upsell lists.
    let products: [[UInt8]]

    init(bundle: PolicyBundle, featureTiers: [Int], tierNeeds: [String], placementsShown: [String: Bool],
         placementsHidden: [String: Bool]) {
        let ids = bundle.features.map(\.id)
        features = ids.indices.sorted { ids[$0] < ids[$1] }.map { index in
            Feature(tier: featureTiers[index], name: JSONWriter.quotedBytes(ids[index]))
        }
        repeatsFeatures = Set(ids).count != ids.count
        app = JSONWriter.quotedBytes(bundle.app)
        policy = JSONWriter.quotedBytes(bundle.policy)
        self.placementsShown = Self.object(placementsShown)
        self.placementsHidden = Self.object(placementsHidden)
        free = JSONWriter.quotedBytes(Reasons.free)
        needs = tierNeeds.map(JSONWriter.quotedBytes)
        products = bundle.products.map { JSONWriter.quotedBytes($0.id) }
    }

    private static func object(_ flags: [String: Bool]) -> [UInt8] {
        var writer = JSONWriter()
        writer.object(flags)
        return writer.bytes
    }
}
