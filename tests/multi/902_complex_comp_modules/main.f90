program use_signal
  use signal_m
  implicit none
  type(signal) :: s, c
  print *, s%gain, s%poles, s%n
  print *, s%ref
  call record(s, 3)
  c = s
  c%trace(2)%im = 10.
  c%poles%re = [1d0, 2d0]
  print *, s%trace, c%trace
  print *, total(s), total(c)
  default_signal%ref%im = -1._16
  print *, default_signal%ref, allocated(default_signal%trace)
  c = signal((0., 2.), ref=(1._16, 1._16), n=5)
  print *, c%gain, c%poles, c%ref, c%n, allocated(c%trace)
end program
