program p
  implicit none
  !$acc init device_type(gpu)
  !$acc set default_async(1) device_num(.true.)
  !$acc shutdown default_async(2)
end program p
