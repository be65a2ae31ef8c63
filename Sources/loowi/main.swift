print("loowi")
