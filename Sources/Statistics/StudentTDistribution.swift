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

    /// P(T > t) for t ≥ 0: ½·I_x(ν/2, ½) with x = ν/(ν + t²).
    private func upperTail(_ t: Double) -> Double {
        if t == 0 { return 0.5 }
        let nu = degreesOfFreedom, square = t * t
        guard square.isFinite else { return 0 }
        let y = square / (nu + square), x = nu / (nu + square)
        return 0.5 * IncompleteBeta.regularized(a: nu / 2, b: 0.5, x: x, y: y)
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
