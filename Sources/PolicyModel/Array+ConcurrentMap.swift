import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` on every core; the results keep the elements' order.
    ///
    /// Elements are handed out in order, or by `size`, largest first, so that the last one to start is a
    /// small one.
    package func concurrentMap<Result: Sendable>(largestFirst size: ((Element) -> Int)? = nil,
                                                 _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let order = size.map { size in indices.sorted { size(self[$0]) > size(self[$1]) } } ?? Array<Int>(indices)
        let results = Mutex([Result?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { turn in
            let index = order[turn]
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
