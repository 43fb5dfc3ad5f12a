/// Why a sample ratio check cannot be computed.
package enum SampleRatioError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The users and weights differ in count.
    case countsDiffer(users: Int, weights: Int)
    /// Fewer than two variations: the chi-square test has no degree of freedom.
    case tooFewVariations(Int)

    package var description: String {
        switch self {
        case let .countsDiffer(users, weights):
            "the sample ratio check got \(users) user counts for \(weights) weights"
        case let .tooFewVariations(count):
            "the sample ratio check needs at least two variations, not \(count)"
        }
    }
}

/// gbstats' `check_srm`: whether the users split across variations as their weights say.
package enum SampleRatioCheck {
    /// The chi-square p-value of `users` against the split `weights` give: variations of weight ≤ 0 add no term (the
    /// weights' total and the degrees of freedom still count them, as gbstats does), and no users at all give 1.
    package static func pValue(users: [Int], weights: [Double]) throws(SampleRatioError) -> Double {
        guard users.count == weights.count else {
            throw .countsDiffer(users: users.count, weights: weights.count)
        }
        let observed = users.reduce(0, +)
        if observed == 0 { return 1 }
        guard users.count >= 2 else { throw .tooFewVariations(users.count) }
        let totalWeight = weights.reduce(0, +)
        var statistic = 0.0
        for (count, weight) in zip(users, weights) where weight > 0 {
            let expected = weight / totalWeight * Double(observed)
            let difference = Double(count) - expected
            statistic += difference * difference / expected
        }
        return ChiSquareDistribution(degreesOfFreedom: Double(users.count - 1)).survival(statistic)
    }
}
