@testable import CatalogConversion
import JSON

/// The objects of a `.storekit` file by level, to compare the keys of an exported file with those of real ones.
enum StoreKitShape {
    enum Level: String, CaseIterable {
        case top, product, group, subscription, localization, offer
    }

    /// The objects of `root` at each level.
    static func objects(_ root: JSONNode) -> [Level: [JSONNode]] {
        let products = (root["products"]?.elements ?? []) + (root["nonRenewingSubscriptions"]?.elements ?? [])
        let groups = root["subscriptionGroups"]?.elements ?? []
        let subscriptions = groups.flatMap { $0["subscriptions"]?.elements ?? [] }
        let localized = products + groups + subscriptions
        return [
            .top: [root], .product: products, .group: groups, .subscription: subscriptions,
            .localization: localized.flatMap { $0["localizations"]?.elements ?? [] },
            .offer: subscriptions.compactMap { $0["introductoryOffer"] }.filter { !$0.isNull },
        ]
    }

    /// Each key of the objects, with the JSON types its values have.
    static func keyTypes(_ objects: [JSONNode]) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for object in objects {
            for member in object.members ?? [] { result[member.name, default: []].insert(member.value.kindName) }
        }
        return result
    }

    /// The keys every file has at a level (files without objects there aside), with the types the files give them.
    static func sharedKeys(of files: [JSONNode]) -> [Level: [String: Set<String>]] {
        var result: [Level: [String: Set<String>]] = [:]
        for level in Level.allCases {
            let perFile = files.map { objects($0)[level] ?? [] }.filter { !$0.isEmpty }.map(keyTypes)
            guard var shared = perFile.first else { continue }
            for keys in perFile.dropFirst() {
                shared = shared.filter { keys[$0.key] != nil }.mapValues { $0 }
                for key in shared.keys { shared[key]?.formUnion(keys[key] ?? []) }
            }
            result[level] = shared
        }
        return result
    }

    /// The file as a `JSONValue`, to write it back the way the exporter writes.
    static func value(_ node: JSONNode) -> JSONValue {
        switch node.kind {
        case .scalar(let value): value
        case .array(let elements): .array(elements.map(value))
        case .object(let members): .object(Dictionary(members.map { ($0.name, value($0.value)) }) { first, _ in first })
        }
    }
}
