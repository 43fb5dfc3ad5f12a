print("tollgate")
