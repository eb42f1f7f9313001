int toy_arch_marker;
