#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The chi-square distribution's survival function, through the regularized upper incomplete gamma function.
package struct ChiSquareDistribution: Sendable, Hashable {
    /// k > 0.
    package var degreesOfFreedom: Double

    package init(degreesOfFreedom: Double) {
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// P(X > x): 1 for x ≤ 0, NaN for k ≤ 0 (as scipy's `chi2.sf`).
    package func survival(_ x: Double) -> Double {
        guard degreesOfFreedom > 0, !x.isNaN else { return .nan }
        if x <= 0 { return 1 }
        return Self.upperRegularizedGamma(a: degreesOfFreedom / 2, x: x / 2)
    }

    /// Q(a, x) = Γ(a, x)/Γ(a): the series of P(a, x) below a + 1, else Lentz's continued fraction.
    static func upperRegularizedGamma(a: Double, x: Double) -> Double {
        if x.isInfinite { return 0 }
        let front = exp(-x + a * log(x) - lgamma(a))
        if x < a + 1 {
            var term = 1 / a, sum = term, denominator = a
            for _ in 0..<100_000 {
                denominator += 1
                term *= x / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-17 { break }
            }
            return 1 - front * sum
        }
        let tiny = 1e-300
        var b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d
        for i in 1...100_000 {
            let an = -Double(i) * (Double(i) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) <= 1e-16 { break }
        }
        return front * h
    }
}
