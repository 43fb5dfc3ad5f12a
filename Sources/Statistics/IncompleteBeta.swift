#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regularized incomplete beta function I_x(a, b), by Lentz's continued fraction: to ~1e-13 while a and b stay
/// below about 50 (beyond, near the mean, its factors round to 1 before it converges, so Student's t integrates).
package enum IncompleteBeta {
    /// I_x(a, b), given both `x` and `y` = 1 − x so that the smaller one keeps its precision (the logarithm of the
    /// larger is taken as log1p of minus the smaller).
    package static func regularized(a: Double, b: Double, x: Double, y: Double) -> Double {
        if x <= 0 { return 0 }
        if y <= 0 { return 1 }
        if x > (a + 1) / (a + b + 2) {
            return 1 - regularized(a: b, b: a, x: y, y: x)
        }
        let logX = x < 0.5 ? log(x) : log1p(-y)
        let logY = y < 0.5 ? log(y) : log1p(-x)
        let front = exp(a * logX + b * logY - logBeta(a, b)) / a
        return front * continuedFraction(a: a, b: b, x: x)
    }

    /// log B(a, b), accurate when one argument is large and the other small (Stirling's series with the lgamma
    /// difference taken analytically).
    package static func logBeta(_ a: Double, _ b: Double) -> Double {
        let small = min(a, b), large = max(a, b)
        if large < 30 {
            return log(tgamma(small) * (tgamma(large) / tgamma(small + large)))
        }
        let sum = small + large
        // lgamma(large) − lgamma(sum) = −(large − ½)·log1p(small/large) − small·log(sum) + small + δ(large) − δ(sum).
        let difference = -(large - 0.5) * log1p(small / large) - small * log(sum) + small
            + stirlingCorrection(large) - stirlingCorrection(sum)
        if small < 30 {
            return lgamma(small) + difference
        }
        return 0.5 * log(2 * Double.pi) + (small - 0.5) * log(small) - small + stirlingCorrection(small) + difference
    }

    /// δ(x) = lgamma(x) − ((x − ½)·log x − x + ½·log 2π), for x ≥ 30.
    static func stirlingCorrection(_ x: Double) -> Double {
        let inverse = 1 / x, square = inverse * inverse
        return inverse * (1.0 / 12 - square * (1.0 / 360 - square * (1.0 / 1260 - square * (1.0 / 1680
            - square * (1.0 / 1188)))))
    }

    /// The continued fraction of I_x(a, b) for x < (a + 1)/(a + b + 2) (modified Lentz).
    private static func continuedFraction(a: Double, b: Double, x: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...200_000 {
            let m = Double(m), m2 = 2 * m
            var term = m * (b - m) * x / ((a - 1 + m2) * (a + m2))
            d = 1 + term * d
            if abs(d) < tiny { d = tiny }
            c = 1 + term / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            term = -(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2))
            d = 1 + term * d
            if abs(d) < tiny { d = tiny }
            c = 1 + term / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) <= 1e-16 { break }
        }
        return h
    }
}
