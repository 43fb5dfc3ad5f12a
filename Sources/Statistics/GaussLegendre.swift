#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The 20-point Gauss–Legendre rule on [−1, 1] (exact for polynomials to degree 39), its nodes found by Newton's
/// method on the Legendre polynomial.
enum GaussLegendre {
    /// The (node, weight) pairs.
    static let rule: [(node: Double, weight: Double)] = (1...20).map { index in
        let n = 20
        var x = cos(Double.pi * (Double(index) - 0.25) / (Double(n) + 0.5))
        var derivative = 0.0
        for _ in 0..<100 {
            var previous = 1.0, current = x
            for k in 2...n {
                (previous, current) = (current, ((2 * Double(k) - 1) * x * current - Double(k - 1) * previous)
                    / Double(k))
            }
            derivative = Double(n) * (x * current - previous) / (x * x - 1)
            let step = current / derivative
            x -= step
            if abs(step) < 1e-17 { break }
        }
        return (x, 2 / ((1 - x * x) * derivative * derivative))
    }

    /// ∫ f over [start, start + width].
    static func integrate(from start: Double, width: Double, _ f: (Double) -> Double) -> Double {
        let half = width / 2, middle = start + half
        var sum = 0.0
        for (node, weight) in rule { sum += weight * f(middle + half * node) }
        return sum * half
    }
}
