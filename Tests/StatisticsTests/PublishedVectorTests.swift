import Statistics
import Testing

/// GrowthBook's own test vectors (gbstats' `tests/frequentist/test_tests.py` and `tests/bayesian/test_tests.py`, to
/// the 5 decimals they give) and the sample ratio check's.
@Suite struct PublishedVectorTests {
    static let meanA = SampleMeanStatistic(n: 3407, sum: 1396.87, sumOfSquares: 52377.9767)
    static let meanB = SampleMeanStatistic(n: 3461, sum: 2422.7, sumOfSquares: 134698.29)

    /// Whether `value` rounds to `expected` at `decimals` places.
    static func close(_ value: Double, _ expected: Double, decimals: Int = 5) -> Bool {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return abs(value - expected) <= 0.5 / scale + 1e-12
    }

    static func expect(_ result: FrequentistResult, _ expected: Double, _ ci: (Double, Double), se: Double, p: Double,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(close(result.expected, expected), "expected \(result.expected)", sourceLocation: sourceLocation)
        #expect(close(result.ci.lower, ci.0), "lower \(result.ci.lower)", sourceLocation: sourceLocation)
        #expect(close(result.ci.upper, ci.1), "upper \(result.ci.upper)", sourceLocation: sourceLocation)
        #expect(close(result.standardError, se), "se \(result.standardError)", sourceLocation: sourceLocation)
        #expect(close(result.pValue, p), "p \(result.pValue)", sourceLocation: sourceLocation)
    }

    @Test func welchRelative() {
        Self.expect(FrequentistTest().result(control: Self.meanA, treatment: Self.meanB), 0.70732, (-0.03526, 1.44989),
                    se: 0.37879, p: 0.06191)
    }

    @Test func welchAbsolute() {
        Self.expect(FrequentistTest(kind: .absolute).result(control: Self.meanA, treatment: Self.meanB), 0.29,
                    (0.04538, 0.53462), se: 0.12478, p: 0.02016)
    }

    @Test func welchProportions() {
        let result = FrequentistTest().result(control: ProportionStatistic(n: 28, sum: 14),
                                              treatment: ProportionStatistic(n: 30, sum: 16))
        Self.expect(result, 0.06667, (-0.47767, 0.61101), se: 0.2717, p: 0.80707)
    }

    @Test func sequentialMeans() {
        let control = SampleMeanStatistic(n: 3000, sum: 1396.87, sumOfSquares: 52377.9767)
        let result = SequentialTest(tuning: 1000).result(control: control, treatment: Self.meanB)
        Self.expect(result, 0.50336, (-0.55844, 1.56516), se: 0.33341, p: 1)
    }

    @Test func sequentialProportions() {
        let result = SequentialTest().result(control: ProportionStatistic(n: 3000, sum: 1396),
                                             treatment: ProportionStatistic(n: 3461, sum: 2422))
        Self.expect(result, 0.50386, (0.40098, 0.60675), se: 0.03386, p: 0)
    }

    @Test func bayesianProportions() {
        let result = BayesianTest().result(control: ProportionStatistic(n: 100, sum: 49),
                                           treatment: ProportionStatistic(n: 100, sum: 51))
        #expect(Self.close(result.expected, 0.04082))
        #expect(Self.close(result.ci.lower, -0.24779) && Self.close(result.ci.upper, 0.32943))
        #expect(Self.close(result.standardDeviation, 0.14725))
        #expect(Self.close(result.chanceToWin, 0.60918))
        #expect(Self.close(result.risk.control, 0.0814) && Self.close(result.risk.treatment, 0.04058))
    }

    @Test func bayesianMeans() {
        let result = BayesianTest().result(control: SampleMeanStatistic(n: 10, sum: 100, sumOfSquares: 1002.25),
                                           treatment: SampleMeanStatistic(n: 10, sum: 105, sumOfSquares: 1111.5))
        #expect(Self.close(result.expected, 0.05))
        #expect(Self.close(result.ci.lower, -0.02) && Self.close(result.ci.upper, 0.12))
        #expect(Self.close(result.standardDeviation, 0.03572))
        #expect(Self.close(result.chanceToWin, 0.91923))
        #expect(Self.close(result.risk.control, 0.05131) && Self.close(result.risk.treatment, 0.00131))
    }

    @Test func degenerateInputGivesTheUninformativeAnswers() {
        let zero = ProportionStatistic(n: 100, sum: 0), some = ProportionStatistic(n: 100, sum: 10)
        #expect(FrequentistTest().result(control: zero, treatment: some) == .uninformative)
        #expect(SequentialTest().result(control: some, treatment: ProportionStatistic(n: 100, sum: 100))
            == .uninformative)
        #expect(BayesianTest().result(control: zero, treatment: some) == .uninformative)
        #expect(BayesianTest(kind: .absolute).result(control: some, treatment: ProportionStatistic(n: 0, sum: 0))
            == .uninformative)
    }

    @Test func sampleRatio() throws {
        #expect(Self.close(try SampleRatioCheck.pValue(users: [5000, 5200], weights: [0.5, 0.5]), 0.0476704, decimals: 7))
        let three = try SampleRatioCheck.pValue(users: [3000, 3000, 3300], weights: [1, 1, 1])
        #expect(abs(three - 6.26831e-05) <= 5e-11)
        #expect(Self.close(try SampleRatioCheck.pValue(users: [900, 1100], weights: [0.45, 0.55]), 1))
        #expect(try SampleRatioCheck.pValue(users: [0, 0], weights: [0.5, 0.5]) == 1)
        #expect(throws: SampleRatioError.countsDiffer(users: 2, weights: 1)) {
            try SampleRatioCheck.pValue(users: [1, 2], weights: [1])
        }
    }
}
