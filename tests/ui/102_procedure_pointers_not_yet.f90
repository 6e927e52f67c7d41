! Procedure pointers and abstract interfaces are not implemented yet.
program procedure_pointers_not_yet
  implicit none
  abstract interface
    real function f1(x)
      real, intent(in) :: x
    end function
  end interface
  procedure(f1), pointer :: fp => null()
end program
