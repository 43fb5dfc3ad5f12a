package enum TollgateCLIPlaceholder {}
