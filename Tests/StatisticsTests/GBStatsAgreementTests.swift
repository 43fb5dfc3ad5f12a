import Foundation
import JSON
import Statistics
import TestSupport
import Testing

/// Tollgate computes what GrowthBook's gbstats 0.8.0 computes: a few thousand seeded random experiments (units from 2
/// to a million, conversion rates near 0, ½ and 1, means with small and large variance) go through both, and every
/// output agrees to 1e-9 relative (1e-12 absolute near 0). The sample ratio check agrees with gbstats and scipy.
@Suite(.tags(.python)) struct GBStatsAgreementTests {
    /// One random experiment, and how gbstats is asked about it.
    struct Case {
        enum Kind: String { case mean, proportion }
        enum Test: String, CaseIterable { case frequentist, sequential, bayesian }
        var id: String
        var kind: Kind
        var test: Test
        var difference: EffectKind
        var control: SampleMeanStatistic
        var treatment: SampleMeanStatistic
        var tuning: Double

        /// The case as the script reads it.
        var line: String {
            var writer = JSONWriter()
            writer.object { members in
                members.member("id") { $0.string(id) }
                members.member("kind") { $0.string(kind.rawValue) }
                members.member("test") { $0.string(test.rawValue) }
                members.member("difference") { $0.string(difference.rawValue) }
                members.member("tuning") { $0.number(tuning) }
                for (name, statistic) in [("a", control), ("b", treatment)] {
                    members.member(name) { value in
                        value.object { variation in
                            variation.member("n") { $0.integer(statistic.n) }
                            variation.member("sum") { $0.number(statistic.sum) }
                            if kind == .mean { variation.member("sum_squares") { $0.number(statistic.sumOfSquares) } }
                        }
                    }
                }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }

        /// Tollgate's outputs, named as the script names gbstats'.
        var tollgate: [String: Double] {
            let proportion = (ProportionStatistic(n: control.n, sum: control.sum),
                              ProportionStatistic(n: treatment.n, sum: treatment.sum))
            switch test {
            case .frequentist, .sequential:
                let result: FrequentistResult
                if test == .frequentist {
                    let frequentist = FrequentistTest(kind: difference)
                    result = kind == .mean ? frequentist.result(control: control, treatment: treatment)
                        : frequentist.result(control: proportion.0, treatment: proportion.1)
                } else {
                    let sequential = SequentialTest(kind: difference, tuning: tuning)
                    result = kind == .mean ? sequential.result(control: control, treatment: treatment)
                        : sequential.result(control: proportion.0, treatment: proportion.1)
                }
                return ["expected": result.expected, "ci.0": result.ci.lower, "ci.1": result.ci.upper,
                        "se": result.standardError, "p_value": result.pValue]
            case .bayesian:
                let bayesian = BayesianTest(kind: difference)
                let result = kind == .mean ? bayesian.result(control: control, treatment: treatment)
                    : bayesian.result(control: proportion.0, treatment: proportion.1)
                return ["expected": result.expected, "ci.0": result.ci.lower, "ci.1": result.ci.upper,
                        "sd": result.standardDeviation, "chance_to_win": result.chanceToWin,
                        "risk.0": result.risk.control, "risk.1": result.risk.treatment]
            }
        }
    }

    /// A number from log-uniform [low, high].
    static func logUniform(_ low: Double, _ high: Double, _ random: inout SplitMix64) -> Double {
        exp(Double.random(in: log(low)...log(high), using: &random))
    }

    /// One variation: a proportion near `rate`, or a sample with `mean` and standard deviation `deviation`.
    static func variation(_ kind: Case.Kind, n: Int, rate: Double, mean: Double, deviation: Double,
                          _ random: inout SplitMix64) -> SampleMeanStatistic {
        switch kind {
        case .proportion:
            let jittered = min(1, max(0, rate * Double.random(in: 0.9...1.1, using: &random)))
            let sum = (Double(n) * jittered).rounded()
            return SampleMeanStatistic(n: n, sum: sum, sumOfSquares: sum)
        case .mean:
            let sampleMean = mean * Double.random(in: 0.95...1.05, using: &random)
            let sd = deviation * Double.random(in: 0.9...1.1, using: &random)
            let sum = Double(n) * sampleMean
            return SampleMeanStatistic(n: n, sum: sum, sumOfSquares: Double(n - 1) * sd * sd + sum * sampleMean)
        }
    }

    static func cases(count: Int, seed: UInt64) -> [Case] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let kind: Case.Kind = index % 2 == 0 ? .proportion : .mean
            let test = Case.Test.allCases[(index / 2) % 3]
            let difference: EffectKind = (index / 6) % 2 == 0 ? .relative : .absolute
            let nA = Int(logUniform(2, 1_000_000, &random).rounded())
            let nB = max(2, Int((Double(nA) * Double.random(in: 0.5...2, using: &random)).rounded()))
            let rate = [logUniform(1e-5, 0.05, &random), Double.random(in: 0.4...0.6, using: &random),
                        1 - logUniform(1e-5, 0.05, &random)][index % 3]
            let mean = (Bool.random(using: &random) ? 1 : -1) * logUniform(1e-3, 1e4, &random)
            let deviation = abs(mean) * logUniform(1e-3, 1e2, &random)
            return Case(
                id: String(index), kind: kind, test: test, difference: difference,
                control: variation(kind, n: nA, rate: rate, mean: mean, deviation: deviation, &random),
                treatment: variation(kind, n: nB, rate: rate, mean: mean, deviation: deviation, &random),
                tuning: [1000.0, 5000, 20000][index % 3])
        }
    }

    /// The relative difference of two outputs, 0 when they agree to 1e-12 absolute.
    static func difference(_ mine: Double, _ theirs: Double) -> Double {
        if mine == theirs || (mine.isNaN && theirs.isNaN) { return 0 }
        let gap = abs(mine - theirs)
        if gap <= 1e-12 { return 0 }
        return gap / max(abs(mine), abs(theirs))
    }

    @Test func everyOutputAgreesWithGBStats() async throws {
        let cases = Self.cases(count: 3000, seed: 25)
        let answers = try await PythonPeers.gbstats(cases.map(\.line))
        var disagreements: [String] = []
        var worst = (difference: 0.0, where: "")
        for item in cases {
            guard let theirs = answers[item.id] else {
                disagreements.append("\(item.id): no answer")
                continue
            }
            let mine = item.tollgate
            #expect(Set(mine.keys) == Set(theirs.keys), "case \(item.id)")
            for (name, value) in mine {
                guard let expected = theirs[name] else { continue }
                let difference = Self.difference(value, expected)
                if difference > worst.difference { worst = (difference, "\(item.id) \(name)") }
                if difference > 1e-9 {
                    disagreements.append("\(item.line) \(name): Tollgate \(value), gbstats \(expected)")
                }
            }
        }
        print("gbstats agreement: worst relative difference \(worst.difference) at case \(worst.where)")
        #expect(disagreements.isEmpty, "\(disagreements.count) disagreements, e.g.\n\(disagreements.prefix(8).joined(separator: "\n"))")
    }

    @Test func sampleRatioAgreesWithGBStatsAndSciPy() async throws {
        var random = SplitMix64(seed: 2025)
        var inputs: [(id: String, users: [Int], weights: [Double])] = []
        for index in 0..<500 {
            let count = Int.random(in: 2...6, using: &random)
            var weights = (0..<count).map { _ in Double.random(in: 0.05...1, using: &random) }
            if index % 10 == 0 { weights[0] = 0 }
            let total = Self.logUniform(1, 10_000_000, &random)
            let skew = Self.logUniform(1e-4, 0.2, &random)
            let users = weights.map { weight in
                Int((total * max(weight, 0.01) * Double.random(in: (1 - skew)...(1 + skew), using: &random)).rounded())
            }
            inputs.append((String(index), users, weights))
        }
        let lines = inputs.map { input in
            var writer = JSONWriter()
            writer.object { members in
                members.member("id") { $0.string(input.id) }
                members.member("srm") { value in
                    value.object { srm in
                        srm.member("users") { $0.array(input.users) { $0.integer($1) } }
                        srm.member("weights") { $0.array(input.weights) { $0.number($1) } }
                    }
                }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        let answers = try await PythonPeers.gbstats(lines)
        var scipyCompared = 0
        for input in inputs {
            let mine = try SampleRatioCheck.pValue(users: input.users, weights: input.weights)
            let theirs = try #require(answers[input.id]?["p_value"])
            #expect(Self.difference(mine, theirs) <= 1e-9, "users \(input.users) weights \(input.weights): \(mine) vs \(theirs)")
            if let scipy = answers[input.id]?["scipy"] {
                scipyCompared += 1
                #expect(Self.difference(mine, scipy) <= 1e-9, "scipy: \(input.users) \(input.weights): \(mine) vs \(scipy)")
            }
        }
        #expect(scipyCompared > 400)
    }
}
