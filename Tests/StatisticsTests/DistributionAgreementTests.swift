import Foundation
import JSON
import Statistics
import TestSupport
import Testing

/// The distributions agree with scipy's to 1e-12 relative across the ranges the tests use: ν from 1 to 10⁷,
/// probabilities down to 1e-300, and t quantiles of probabilities down to 1e-12 (gbstats asks for 1 − α/2 only; far
/// beyond, where t² overflows, scipy's own quantiles are not reliable).
@Suite(.tags(.python)) struct DistributionAgreementTests {
    /// One function value to compare: scipy's name for it and Tollgate's answer.
    struct Point {
        var distribution: String
        var function: String
        var x: Double
        var dof: Double
        var tollgate: Double
    }

    static func points(seed: UInt64) -> [Point] {
        var random = SplitMix64(seed: seed)
        func logUniform(_ low: Double, _ high: Double) -> Double {
            GBStatsAgreementTests.logUniform(low, high, &random)
        }
        var points: [Point] = []
        for _ in 0..<300 {
            let x = Double.random(in: -37...37, using: &random)
            points.append(Point(distribution: "norm", function: "cdf", x: x, dof: 0, tollgate: NormalDistribution.cdf(x)))
            let p = logUniform(1e-300, 0.5)
            points.append(Point(distribution: "norm", function: "ppf", x: p, dof: 0,
                                tollgate: NormalDistribution.quantile(p)))
            points.append(Point(distribution: "norm", function: "ppf", x: 1 - p, dof: 0,
                                tollgate: NormalDistribution.quantile(1 - p)))
        }
        for _ in 0..<600 {
            let dof = logUniform(1, 1e7)
            let student = StudentTDistribution(degreesOfFreedom: dof)
            let t = logUniform(1e-3, dof < 100 ? 1e6 : 60)
            points.append(Point(distribution: "t", function: "sf", x: t, dof: dof, tollgate: student.survival(t)))
            points.append(Point(distribution: "t", function: "cdf", x: t, dof: dof, tollgate: student.cdf(t)))
            let p = logUniform(1e-12, 0.5)
            points.append(Point(distribution: "t", function: "ppf", x: p, dof: dof, tollgate: student.quantile(p)))
            points.append(Point(distribution: "t", function: "ppf", x: 1 - p, dof: dof,
                                tollgate: student.quantile(1 - p)))
        }
        for _ in 0..<300 {
            let dof = Double(Int.random(in: 1...10, using: &random))
            let x = logUniform(1e-3, 1400)
            points.append(Point(distribution: "chi2", function: "sf", x: x, dof: dof,
                                tollgate: ChiSquareDistribution(degreesOfFreedom: dof).survival(x)))
        }
        return points
    }

    @Test func everyValueAgreesWithSciPy() async throws {
        let points = Self.points(seed: 15)
        let lines = points.enumerated().map { index, point in
            var writer = JSONWriter()
            writer.object { members in
                members.member("id") { $0.string(String(index)) }
                members.member("distribution") { $0.string(point.distribution) }
                members.member("function") { $0.string(point.function) }
                members.member("x") { $0.number(point.x) }
                members.member("dof") { $0.number(point.dof) }
            }
            return String(decoding: writer.bytes, as: UTF8.self)
        }
        let answers = try await PythonPeers.gbstats(lines)
        var worst = (difference: 0.0, point: "")
        for (index, point) in points.enumerated() {
            let scipy = try #require(answers[String(index)]?["value"])
            let gap = abs(point.tollgate - scipy)
            let difference = point.tollgate == scipy || gap < 1e-300 ? 0 : gap / max(abs(point.tollgate), abs(scipy))
            if difference > worst.difference {
                worst = (difference, "\(point.distribution).\(point.function)(\(point.x), \(point.dof))")
            }
            #expect(difference <= 1e-12,
                    "\(point.distribution).\(point.function)(\(point.x), ν \(point.dof)): \(point.tollgate) vs \(scipy)")
        }
        print("scipy agreement: worst relative difference \(worst.difference) at \(worst.point)")
    }
}
