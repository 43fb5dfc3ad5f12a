package enum YAMLPlaceholder {}
