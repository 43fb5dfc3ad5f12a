extension Dictionary where Key == String, Value == Int {
    /// The position of each id in `elements`, the first place of an id that appears twice, as the model's own
    /// lookups answer: rules read fields at the position instead of copying the whole element out.
    init<Elements: RandomAccessCollection>(positionsOf elements: Elements, id: (Elements.Element) -> String)
    where Elements.Index == Int {
        self.init(minimumCapacity: elements.count)
        for index in elements.indices where self[id(elements[index])] == nil {
            self[id(elements[index])] = index
        }
    }
}
