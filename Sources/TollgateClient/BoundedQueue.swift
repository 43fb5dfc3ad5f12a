/// A first-in, first-out queue of at most `limit` elements, at least one: appending to a full queue drops the
/// oldest element. Appending and taking are amortized O(1).
struct BoundedQueue<Element: Sendable>: Sendable {
    /// The most elements held.
    let limit: Int
    /// The elements, oldest first, from `head` on; those before `head` were taken and wait for compaction.
    private var storage: [Element] = []
    private var head = 0

    init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// How many elements are held.
    var count: Int { storage.count - head }

    var isEmpty: Bool { count == 0 }

    /// Appends `element`; answers the oldest element, dropped to stay within the limit, when the queue was full.
    mutating func append(_ element: Element) -> Element? {
        let dropped = count == limit ? removeFirst(1).first : nil
        storage.append(element)
        return dropped
    }

    /// Takes the oldest `maximum` elements, or all when fewer are held, oldest first.
    mutating func removeFirst(_ maximum: Int) -> [Element] {
        let taken = Array(storage[head..<(head + min(max(maximum, 0), count))])
        head += taken.count
        if head > 0, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return taken
    }

    /// Puts `elements` back in front, as older than everything held; drops the oldest beyond the limit and
    /// answers how many it dropped.
    mutating func prepend(_ elements: [Element]) -> Int {
        storage = elements + storage[head...]
        head = 0
        let excess = max(count - limit, 0)
        _ = removeFirst(excess)
        return excess
    }
}
