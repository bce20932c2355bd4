module deck

go 1.13
