! Namelist input from a file written with namelist output, from an internal file, and
! several groups in one file read in another order; iostat at the end of the file.
program namelist_files
  implicit none
  integer :: i, n(3) = [1, 2, 3], st
  real(8) :: tol = 1d-6
  character(len=10) :: label = 'start'
  logical :: on = .true.
  character(len=60) :: text
  namelist /params/ n, tol, label, on
  namelist /extra/ i
  i = 99
  open(20, file='params.nml', status='replace')
  write(20, nml=extra)
  write(20, nml=params)
  close(20)
  n = 0; tol = 0; label = ''; on = .false.; i = 0
  open(20, file='params.nml', status='old')
  read(20, nml=params)
  print *, n, tol, trim(label), on
  rewind(20)
  read(20, nml=extra)
  print *, i
  read(20, nml=extra, iostat=st)
  print *, 'second extra:', st
  close(20, status='delete')
  text = '&params n(2) = 20, label = "internal" /'
  read(text, nml=params)
  print *, n, trim(label)
end program
