// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Dev Tether (dUSDT): a USDT-style ERC-20 for Latchkey's local dev chains. Not for real value.
/// @notice Like the original Tether contract, `transfer` and `transferFrom` return NOTHING (no `bool`):
///         a caller decoding the EIP-20 `bool` return gets empty return data (spec §9). Failures revert.
///         Otherwise the same as DevToken: 6 decimals, `approve` returns `true`, the constructor mints
///         `amountEach` to every holder.
contract DevTetherToken {
    string public constant name = "Dev Tether";
    string public constant symbol = "dUSDT";
    uint8 public constant decimals = 6;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(address[] memory holders, uint256 amountEach) {
        for (uint256 i = 0; i < holders.length; i++) {
            balanceOf[holders[i]] += amountEach;
            emit Transfer(address(0), holders[i], amountEach);
        }
        totalSupply = amountEach * holders.length;
    }

    function transfer(address to, uint256 value) external {
        _transfer(msg.sender, to, value);
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    /// @dev An allowance of `type(uint256).max` is never decreased (the usual "infinite approval").
    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "dUSDT: insufficient allowance");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
    }

    function _transfer(address from, address to, uint256 value) private {
        require(to != address(0), "dUSDT: transfer to the zero address");
        require(balanceOf[from] >= value, "dUSDT: insufficient balance");
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
