! Module character variables and arrays with initial values, compiled on its own.
module messages
  implicit none
  character(len=20) :: last_msg = 'none'
  character(len=8) :: levels(3) = ['debug   ', 'info    ', 'warning ']
  character(len=60) :: journal
  integer :: entries = 0
contains
  subroutine record(level, text)
    integer, intent(in) :: level
    character(len=*), intent(in) :: text
    entries = entries + 1
    last_msg = text
    if (entries == 1) then
      journal = trim(levels(level)) // ':' // text
    else
      journal = trim(journal) // ' ' // trim(levels(level)) // ':' // text
    end if
  end subroutine record
end module messages

