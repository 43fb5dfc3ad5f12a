/// Edits of the example policies that tests in several targets make, written once.
package enum ExampleEdits {
    /// photocollage's coin pack.
    package static let coins = "com.example.photocollage.coins.100"

    /// photocollage's coin pack turned from a consumable into a non-consumable: a type change the store
    /// refuses once the consumable was published. The first text is the policy's, the second its replacement.
    package static let coinsBecomeNonConsumable = ("""
          - id: \(coins)
            type: consumable
            reference_name: 100 Coins
            credits: { currency: coins, amount: 100 }
        """, """
          - id: \(coins)
            type: non-consumable
            reference_name: 100 Coins
        """)
}
