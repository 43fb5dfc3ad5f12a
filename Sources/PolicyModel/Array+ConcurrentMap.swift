import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` on every core: elements are handed out by `size`, largest first, so that the last one to start
    /// is a small one; the results keep the elements' order.
    package func concurrentMap<Result: Sendable>(largestFirst size: (Element) -> Int,
                                         _ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let order = indices.sorted { size(self[$0]) > size(self[$1]) }
        let results = Mutex([Result?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { turn in
            let index = order[turn]
            let result = transform(self[index])
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
