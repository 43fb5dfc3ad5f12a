package enum MessageFormatPlaceholder {}
