#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Student's t distribution with `degreesOfFreedom` (any positive real, as Welch's approximation gives).
package struct StudentTDistribution: Sendable, Hashable {
    /// ν > 0.
    package var degreesOfFreedom: Double

    package init(degreesOfFreedom: Double) {
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(T ≤ t).
    package func cdf(_ t: Double) -> Double {
        t > 0 ? 1 - upperTail(t) : upperTail(-t)
    }

    /// P(T > t).
    package func survival(_ t: Double) -> Double {
        cdf(-t)
    }

    /// Above this ν the incomplete beta's continued fraction loses digits (its factors round to 1 before it has
    /// converged), so the tail is integrated instead.
    static let continuedFractionLimit = 100.0

    /// P(T > t) for t ≥ 0: ½·I_x(ν/2, ½) with x = ν/(ν + t²), or for large ν the density's integral from t.
    private func upperTail(_ t: Double) -> Double {
        if t == 0 { return 0.5 }
        let nu = degreesOfFreedom, square = t * t
        if nu > Self.continuedFractionLimit { return integratedTail(t) }
        // Where t² overflows, x = ν/t² still has a value.
        let y = square.isFinite ? square / (nu + square) : 1
        let x = square.isFinite ? nu / (nu + square) : nu / t / t
        return 0.5 * IncompleteBeta.regularized(a: nu / 2, b: 0.5, x: x, y: y)
    }

    /// ∫ from t to ∞ of the density, by Gauss–Legendre panels no wider than 4 over the log density's slope (so
    /// each panel is smooth to the rule), until what is left is below 1e-18 of the sum.
    private func integratedTail(_ t: Double) -> Double {
        let nu = degreesOfFreedom
        let logScale = -0.5 * log(nu) - IncompleteBeta.logBeta(nu / 2, 0.5)
        func density(_ s: Double) -> Double { exp(logScale - (nu + 1) / 2 * log1p(s * s / nu)) }
        func slope(_ s: Double) -> Double { (nu + 1) * s / (nu + s * s) }
        var sum = 0.0, start = t
        for _ in 0..<1_000_000 {
            let width = min(1, 4 / slope(start))
            sum += GaussLegendre.integrate(from: start, width: width, density)
            start += width
            if density(start) / slope(start) <= 1e-18 * sum { break }
        }
        return sum
    }

    /// The density at `t`.
    package func density(_ t: Double) -> Double {
        let nu = degreesOfFreedom
        let logDensity = -0.5 * log(nu) - IncompleteBeta.logBeta(nu / 2, 0.5) - (nu + 1) / 2 * log1p(t * t / nu)
        return exp(logDensity)
    }

    /// The t with P(T ≤ t) = p: bracketed Newton steps on the tail (1 − p is exact for p ≥ ½), bisecting when a
    /// step leaves the bracket.
    package func quantile(_ p: Double) -> Double {
        guard p >= 0, p <= 1, degreesOfFreedom > 0 else { return .nan }
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        if p == 0.5 { return 0 }
        return p > 0.5 ? upperQuantile(1 - p) : -upperQuantile(p)
    }

    /// The t ≥ 0 with P(T > t) = q, for 0 < q < ½.
    private func upperQuantile(_ q: Double) -> Double {
        var low = 0.0, high = max(1, -NormalDistribution.quantile(q))
        while upperTail(high) > q {
            low = high
            high *= 2
            if !high.isFinite { return .infinity }
        }
        var t = (low + high) / 2
        for _ in 0..<400 {
            let value = upperTail(t) - q
            if value == 0 { return t }
            if value > 0 { low = t } else { high = t }
            var next = t + value / density(t)
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - t) <= 2e-16 * abs(t) || high - low <= 2e-16 * abs(t) {
                return next
            }
            t = next
        }
        return t
    }
}
