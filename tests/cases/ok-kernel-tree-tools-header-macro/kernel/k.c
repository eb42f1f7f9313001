int toy_kernel_marker;
