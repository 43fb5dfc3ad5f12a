#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard normal distribution: density, cdf, survival and quantile to full double precision.
package enum NormalDistribution {
    /// 1/√(2π).
    static let inverseSqrtTwoPi = 0.398_942_280_401_432_677_94

    /// The density at `x`, with x² split exactly into its rounded value and the rounding error (so far tails keep
    /// their digits).
    package static func density(_ x: Double) -> Double {
        let square = x * x
        let error = (-square).addingProduct(x, x)
        return inverseSqrtTwoPi * exp(-0.5 * square) * exp(-0.5 * error)
    }

    /// P(X ≤ x) to full relative precision in the lower tail: erfc, and beyond 8 standard deviations the density
    /// over the hazard (erfc's argument x/√2 would round).
    package static func cdf(_ x: Double) -> Double {
        x < -8 ? density(x) / hazard(-x) : 0.5 * erfc(-x / 2.0.squareRoot())
    }

    /// P(X > x).
    package static func survival(_ x: Double) -> Double {
        cdf(-x)
    }

    /// The x with P(X ≤ x) = p: −∞ at 0, +∞ at 1, NaN outside [0, 1]. Acklam's rational approximation, refined by
    /// Halley steps on the lower tail (the upper tail by symmetry, as 1 − p is exact there).
    package static func quantile(_ p: Double) -> Double {
        guard p >= 0, p <= 1 else { return .nan }
        if p == 0 { return -.infinity }
        if p == 1 { return .infinity }
        if p > 0.5 { return -lowerQuantile(1 - p) }
        return lowerQuantile(p)
    }

    /// The quantile of `p` ≤ 0.5.
    private static func lowerQuantile(_ p: Double) -> Double {
        var x = acklam(p)
        for _ in 0..<6 {
            let error = cdf(x) - p
            let u = error / density(x)
            guard u.isFinite else { break }
            let step = u / (1 + x * u / 2)
            x -= step
            if abs(step) <= 1e-17 * abs(x) { break }
        }
        return x
    }

    /// Acklam's approximation (relative error below 1.2e-9) for 0 < p ≤ 0.5.
    private static func acklam(_ p: Double) -> Double {
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
                 -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
                 -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
                 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        if p < 0.02425 {
            let q = (-2 * log(p)).squareRoot()
            return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
                / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        let q = p - 0.5
        let r = q * q
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }

    /// φ(x)/P(X > x), the hazard (inverse Mills ratio), without underflow for large x.
    package static func hazard(_ x: Double) -> Double {
        if x < 8 { return density(x) / survival(x) }
        // P(X > x)/φ(x) = 1/(x + 1/(x + 2/(x + 3/(x + …)))), evaluated from the tail.
        var fraction = x
        for k in stride(from: 60, through: 1, by: -1) {
            fraction = x + Double(k) / fraction
        }
        return fraction
    }
}
