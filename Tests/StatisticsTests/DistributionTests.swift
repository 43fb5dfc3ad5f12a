import Statistics
import Testing

/// The distributions at points whose values scipy 1.17 gives (without Python: the agreement suites compare many
/// more). The normal tail at 37 is the exact value (Laplace's continued fraction in 50-digit decimals): scipy's
/// erfc-based 5.7255712225239266e-300 is 1.1e-13 off.
@Suite struct DistributionTests {
    /// Whether `value` is `expected` to 1e-13 relative.
    static func close(_ value: Double, _ expected: Double) -> Bool {
        abs(value - expected) <= 1e-13 * abs(expected)
    }

    @Test func normal() {
        #expect(Self.close(NormalDistribution.quantile(0.975), 1.959963984540054))
        #expect(Self.close(NormalDistribution.quantile(1e-300), -37.0470962993612))
        #expect(Self.close(NormalDistribution.survival(37), 5.7255712225245768e-300))
        #expect(NormalDistribution.quantile(0) == -.infinity && NormalDistribution.quantile(1.5).isNaN)
    }

    @Test func studentT() {
        #expect(Self.close(StudentTDistribution(degreesOfFreedom: 1).quantile(0.975), 12.706204736174694))
        #expect(Self.close(StudentTDistribution(degreesOfFreedom: 5841.74).quantile(0.975), 1.9603701570957996))
        #expect(Self.close(StudentTDistribution(degreesOfFreedom: 2.5).cdf(-3), 0.036288047774515914))
        #expect(Self.close(StudentTDistribution(degreesOfFreedom: 1e7).survival(30), 5.0073068454089035e-198))
        #expect(Self.close(StudentTDistribution(degreesOfFreedom: 150.5).survival(8), 1.5392242143378868e-13))
        #expect(StudentTDistribution(degreesOfFreedom: 3).cdf(0) == 0.5)
    }

    @Test func chiSquare() {
        #expect(Self.close(ChiSquareDistribution(degreesOfFreedom: 1).survival(3.841458820694124), 0.04999999999999989))
        #expect(Self.close(ChiSquareDistribution(degreesOfFreedom: 3).survival(1300), 1.4717437106980018e-281))
        #expect(ChiSquareDistribution(degreesOfFreedom: 2).survival(-1) == 1)
    }

    @Test("chi-square p-values at the table's critical values",
          arguments: [(1, 3.841458820694124, 0.05), (2, 5.991464547107979, 0.05), (3, 7.814727903251178, 0.05),
                      (10, 18.307038053275146, 0.05), (1, 6.634896601021214, 0.01), (4, 13.276704135987622, 0.01),
                      (2, 0.10258658877510107, 0.95), (30, 43.77297182574219, 0.05)])
    func criticalValues(degreesOfFreedom: Int, statistic: Double, pValue: Double) {
        let computed = ChiSquareDistribution(degreesOfFreedom: Double(degreesOfFreedom)).survival(statistic)
        #expect(abs(computed - pValue) < 1e-9, "\(computed)")
    }
}
