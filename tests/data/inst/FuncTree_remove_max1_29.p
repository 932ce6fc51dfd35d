% sequent FuncTree.remove_max1:29
% sort int: erased (infinite in every intended model: erasure needs no monotonicity)
% sort obj: erased (infinite in every intended model: erasure needs no monotonicity)
cnf(le_refl_1, axiom, (int_lesseq(X0,X0))).
cnf(le_trans_2, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X2) | int_lesseq(X0,X2))).
cnf(le_antisym_3, axiom, (~int_lesseq(X0,X1) | ~int_lesseq(X1,X0) | X0 = X1)).
cnf(le_total_4, axiom, (int_lesseq(X0,X1) | int_lesseq(X1,X0))).
cnf(lt_def_5, axiom, (~int_less(X0,X1) | int_lesseq(X0,X1))).
cnf(lt_def_6, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(lt_def_7, axiom, (~int_lesseq(X0,X1) | X0 = X1 | int_less(X0,X1))).
cnf(lt_succ_8, axiom, (~int_less(X0,X1) | int_lesseq(int_plus(X0,int_1),X1))).
cnf(lt_succ_9, axiom, (~int_lesseq(int_plus(X0,int_1),X1) | int_less(X0,X1))).
cnf(add_comm_10, axiom, (int_plus(X0,X1) = int_plus(X1,X0))).
cnf(add_assoc_11, axiom, (int_plus(int_plus(X0,X1),X2) = int_plus(X0,int_plus(X1,X2)))).
cnf(add_zero_12, axiom, (int_plus(X0,int_0) = X0)).
cnf(add_cancel_13, axiom, (int_plus(X0,X1) != int_plus(X2,X1) | X0 = X2)).
cnf(add_mono_14, axiom, (~int_lesseq(X0,X1) | int_lesseq(int_plus(X0,X2),int_plus(X1,X2)))).
cnf(int_diff_def_15, axiom, (int_plus(int_minus(X0,X1),X1) = X0)).
cnf(int_neg_def_16, axiom, (int_neg(X0) = int_minus(int_0,X0))).
cnf(mult_one_17, axiom, (int_times(X0,int_1) = X0)).
cnf(mult_zero_18, axiom, (int_times(X0,int_0) = int_0)).
cnf(zero_lt_one_19, axiom, (int_less(int_0,int_1))).
cnf(mod_range_20, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_lesseq(int_0,int_mod(X0,X1)))).
cnf(mod_range_21, axiom, (~int_lesseq(int_0,X0) | ~int_less(int_0,X1) | int_less(int_mod(X0,X1),X1))).
cnf(lt_irrefl_22, axiom, (~int_less(X0,X0))).
cnf(lt_trans_23, axiom, (~int_less(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_asym_24, axiom, (~int_less(X0,X1) | ~int_less(X1,X0))).
cnf(not_lt_25, axiom, (int_less(X0,X1) | int_lesseq(X1,X0))).
cnf(not_lt_26, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X0))).
cnf(not_le_27, axiom, (int_lesseq(X0,X1) | int_less(X1,X0))).
cnf(not_le_28, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X0))).
cnf(le_lt_trans_29, axiom, (~int_lesseq(X0,X1) | ~int_less(X1,X2) | int_less(X0,X2))).
cnf(lt_le_trans_30, axiom, (~int_less(X0,X1) | ~int_lesseq(X1,X2) | int_less(X0,X2))).
cnf(lt_ne_31, axiom, (~int_less(X0,X1) | X0 != X1)).
cnf(heap_1_32, axiom, (c_Pair(null))).
cnf(heap_2_33, axiom, (~c_Pair(X0) | ~c_FuncTree(X0) | X0 = null)).
cnf(heap_3_34, axiom, (c_FuncTree(null))).
cnf(heap_4_35, axiom, (c_Object_alloc(null))).
cnf(typing_5_36, axiom, (int_lesseq(int_0,c_Array_length(X0)))).
cnf(typing_6_37, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_Pair_data(X0)))).
cnf(typing_7_38, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_data(X0)))).
cnf(typing_8_39, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_left(X0)))).
cnf(typing_9_40, axiom, (c_FuncTree(c_FuncTree_left(X0)))).
cnf(typing_10_41, axiom, (~c_Object_alloc(X0) | c_Object_alloc(c_FuncTree_right(X0)))).
cnf(typing_11_42, axiom, (c_FuncTree(c_FuncTree_right(X0)))).
cnf(pre_12_43, axiom, (c_FuncTree_content(c_FuncTree_remove_max1_t,c_FuncTree_remove_max1_k,c_FuncTree_remove_max1_v))).
cnf(pre_13_44, axiom, (X0 = c_FuncTree_remove_max1_k | ~c_FuncTree_content(c_FuncTree_remove_max1_t,X0,X1) | int_less(X0,c_FuncTree_remove_max1_k))).
cnf(inv_14_45, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_14_46, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(inv_14_47, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_48, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_14_49, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(inv_15_50, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(inv_16_51, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(inv_17_52, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(inv_18_53, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(typing_19_54, axiom, (c_Object_alloc(c_FuncTree_remove_max1_t))).
cnf(typing_20_55, axiom, (c_FuncTree(c_FuncTree_remove_max1_t))).
cnf(typing_21_56, axiom, (c_Object_alloc(c_FuncTree_remove_max1_v))).
cnf(assume_22_57, axiom, (c_FuncTree_remove_max1_t != null)).
cnf(branch_26_58, axiom, (c_FuncTree_right(c_FuncTree_remove_max1_t) != null)).
cnf(assume_27_59, axiom, (c_FuncTree_remove_max1_t != null)).
cnf(call_28_60, axiom, (c_FuncTree_content(c_FuncTree_right(c_FuncTree_remove_max1_t),c_FuncTree_remove_max1_k,c_FuncTree_remove_max1_v))).
cnf(call_29_61, axiom, (X0 = c_FuncTree_remove_max1_k | ~c_FuncTree_content(c_FuncTree_right(c_FuncTree_remove_max1_t),X0,X1) | int_less(X0,c_FuncTree_remove_max1_k))).
cnf(call_30_62, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X1 = c_FuncTree_key(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_30_63, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(X0,X1,X2) | X2 = c_FuncTree_data(X0) | c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(c_FuncTree_right(X0),X1,X2))).
cnf(call_30_64, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key(X0) | X2 != c_FuncTree_data(X0) | c_FuncTree_content(X0,X1,X2))).
cnf(call_30_65, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_30_66, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_31_67, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content(X0,X1,X2))).
cnf(call_32_68, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data(X0) != null)).
cnf(call_33_69, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_left(X0),X1,X2) | int_less(X1,c_FuncTree_key(X0)))).
cnf(call_34_70, axiom, (~c_Object_alloc(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content(c_FuncTree_right(X0),X1,X2) | int_less(c_FuncTree_key(X0),X1))).
cnf(call_35_71, axiom, (~c_Object_alloc(X0) | c_Object_alloc_18(X0))).
cnf(call_36_72, axiom, (~c_Object_alloc(X0) | c_FuncTree_key_22(X0) = c_FuncTree_key(X0))).
cnf(call_37_73, axiom, (~c_Object_alloc(X0) | c_FuncTree_data_22(X0) = c_FuncTree_data(X0))).
cnf(call_38_74, axiom, (~c_Object_alloc(X0) | c_FuncTree_left_22(X0) = c_FuncTree_left(X0))).
cnf(call_39_75, axiom, (~c_Object_alloc(X0) | c_FuncTree_right_22(X0) = c_FuncTree_right(X0))).
cnf(call_40_76, axiom, (~c_Object_alloc(X0) | ~c_FuncTree_content_22(X0,X1,X2) | c_FuncTree_content(X0,X1,X2))).
cnf(call_40_77, axiom, (~c_Object_alloc(X0) | ~c_FuncTree_content(X0,X1,X2) | c_FuncTree_content_22(X0,X1,X2))).
cnf(call_41_78, axiom, (new_right_7 != c_FuncTree_right(c_FuncTree_remove_max1_t))).
cnf(call_42_79, axiom, (~c_FuncTree_content_22(new_right_7,X0,X1) | c_FuncTree_content_22(c_FuncTree_right(c_FuncTree_remove_max1_t),X0,X1))).
cnf(call_42_80, axiom, (~c_FuncTree_content_22(new_right_7,X0,X1) | X0 != c_FuncTree_remove_max1_k | X1 != c_FuncTree_remove_max1_v)).
cnf(call_42_81, axiom, (~c_FuncTree_content_22(c_FuncTree_right(c_FuncTree_remove_max1_t),X0,X1) | X0 = c_FuncTree_remove_max1_k | c_FuncTree_content_22(new_right_7,X0,X1))).
cnf(call_42_82, axiom, (~c_FuncTree_content_22(c_FuncTree_right(c_FuncTree_remove_max1_t),X0,X1) | X1 = c_FuncTree_remove_max1_v | c_FuncTree_content_22(new_right_7,X0,X1))).
cnf(call_43_83, axiom, (~c_FuncTree_content_22(new_right_7,X0,X1) | int_less(X0,c_FuncTree_remove_max1_k))).
cnf(inv_44_84, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_22(X0,X1,X2) | X1 = c_FuncTree_key_22(X0) | c_FuncTree_content_22(c_FuncTree_left_22(X0),X1,X2) | c_FuncTree_content_22(c_FuncTree_right_22(X0),X1,X2))).
cnf(inv_44_85, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_22(X0,X1,X2) | X2 = c_FuncTree_data_22(X0) | c_FuncTree_content_22(c_FuncTree_left_22(X0),X1,X2) | c_FuncTree_content_22(c_FuncTree_right_22(X0),X1,X2))).
cnf(inv_44_86, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | X0 = null | X1 != c_FuncTree_key_22(X0) | X2 != c_FuncTree_data_22(X0) | c_FuncTree_content_22(X0,X1,X2))).
cnf(inv_44_87, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_22(c_FuncTree_left_22(X0),X1,X2) | c_FuncTree_content_22(X0,X1,X2))).
cnf(inv_44_88, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | X0 = null | ~c_FuncTree_content_22(c_FuncTree_right_22(X0),X1,X2) | c_FuncTree_content_22(X0,X1,X2))).
cnf(inv_45_89, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | X0 != null | ~c_FuncTree_content_22(X0,X1,X2))).
cnf(inv_46_90, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | X0 = null | c_FuncTree_data_22(X0) != null)).
cnf(inv_47_91, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_22(c_FuncTree_left_22(X0),X1,X2) | int_less(X1,c_FuncTree_key_22(X0)))).
cnf(inv_48_92, axiom, (~c_Object_alloc_18(X0) | ~c_FuncTree(X0) | ~c_FuncTree_content_22(c_FuncTree_right_22(X0),X1,X2) | int_less(c_FuncTree_key_22(X0),X1))).
cnf(typing_49_93, axiom, (c_Object_alloc_18(new_right_7))).
cnf(typing_50_94, axiom, (c_FuncTree(new_right_7))).
cnf(heap_51_95, axiom, (c_Object_alloc_18(null))).
cnf(typing_52_96, axiom, (~c_Object_alloc_18(X0) | c_Object_alloc_18(c_Pair_data(X0)))).
cnf(typing_53_97, axiom, (~c_Object_alloc_18(X0) | c_Object_alloc_18(c_FuncTree_data_22(X0)))).
cnf(typing_54_98, axiom, (~c_Object_alloc_18(X0) | c_Object_alloc_18(c_FuncTree_left_22(X0)))).
cnf(typing_55_99, axiom, (c_FuncTree(c_FuncTree_left_22(X0)))).
cnf(typing_56_100, axiom, (~c_Object_alloc_18(X0) | c_Object_alloc_18(c_FuncTree_right_22(X0)))).
cnf(typing_57_101, axiom, (c_FuncTree(c_FuncTree_right_22(X0)))).
cnf(typing_58_102, axiom, (r_9 != null)).
cnf(typing_58_103, axiom, (~c_Object_alloc_18(r_9))).
cnf(typing_58_104, axiom, (c_FuncTree(r_9))).
cnf(typing_58_105, axiom, (~c_Pair(r_9))).
cnf(stmt_59_106, axiom, (~c_Object_alloc_19(X0) | X0 = r_9 | c_Object_alloc_18(X0))).
cnf(stmt_59_107, axiom, (X0 != r_9 | c_Object_alloc_19(X0))).
cnf(stmt_59_108, axiom, (~c_Object_alloc_18(X0) | c_Object_alloc_19(X0))).
cnf(stmt_60_109, axiom, (X0 != r_9 | c_FuncTree_key_23(X0) = int_0)).
cnf(stmt_60_110, axiom, (X0 = r_9 | c_FuncTree_key_23(X0) = c_FuncTree_key_22(X0))).
cnf(stmt_61_111, axiom, (X0 != r_9 | c_FuncTree_data_23(X0) = null)).
cnf(stmt_61_112, axiom, (X0 = r_9 | c_FuncTree_data_23(X0) = c_FuncTree_data_22(X0))).
cnf(stmt_62_113, axiom, (X0 != r_9 | c_FuncTree_left_23(X0) = null)).
cnf(stmt_62_114, axiom, (X0 = r_9 | c_FuncTree_left_23(X0) = c_FuncTree_left_22(X0))).
cnf(stmt_63_115, axiom, (X0 != r_9 | c_FuncTree_right_23(X0) = null)).
cnf(stmt_63_116, axiom, (X0 = r_9 | c_FuncTree_right_23(X0) = c_FuncTree_right_22(X0))).
cnf(stmt_64_117, axiom, (~c_FuncTree_content_23(X0,X1,X2) | X0 != r_9)).
cnf(stmt_64_118, axiom, (~c_FuncTree_content_23(X0,X1,X2) | X0 = r_9 | c_FuncTree_content_22(X0,X1,X2))).
cnf(stmt_64_119, axiom, (X0 = r_9 | ~c_FuncTree_content_22(X0,X1,X2) | c_FuncTree_content_23(X0,X1,X2))).
cnf(heap_65_120, axiom, (c_Object_alloc_19(null))).
cnf(typing_66_121, axiom, (~c_Object_alloc_19(X0) | c_Object_alloc_19(c_Pair_data(X0)))).
cnf(typing_67_122, axiom, (~c_Object_alloc_19(X0) | c_Object_alloc_19(c_FuncTree_data_23(X0)))).
cnf(typing_68_123, axiom, (~c_Object_alloc_19(X0) | c_Object_alloc_19(c_FuncTree_left_23(X0)))).
cnf(typing_69_124, axiom, (c_FuncTree(c_FuncTree_left_23(X0)))).
cnf(typing_70_125, axiom, (~c_Object_alloc_19(X0) | c_Object_alloc_19(c_FuncTree_right_23(X0)))).
cnf(typing_71_126, axiom, (c_FuncTree(c_FuncTree_right_23(X0)))).
cnf(assume_72_127, axiom, (c_FuncTree_remove_max1_t != null)).
cnf(stmt_73_128, axiom, (X0 != r_9 | c_FuncTree_key_24(X0) = c_FuncTree_key_23(c_FuncTree_remove_max1_t))).
cnf(stmt_73_129, axiom, (X0 = r_9 | c_FuncTree_key_24(X0) = c_FuncTree_key_23(X0))).
cnf(assume_74_130, axiom, (c_FuncTree_remove_max1_t != null)).
cnf(stmt_75_131, axiom, (X0 != r_9 | c_FuncTree_data_24(X0) = c_FuncTree_data_23(c_FuncTree_remove_max1_t))).
cnf(stmt_75_132, axiom, (X0 = r_9 | c_FuncTree_data_24(X0) = c_FuncTree_data_23(X0))).
cnf(typing_76_133, axiom, (~c_Object_alloc_19(X0) | c_Object_alloc_19(c_FuncTree_data_24(X0)))).
cnf(assume_77_134, axiom, (c_FuncTree_remove_max1_t != null)).
cnf(stmt_78_135, axiom, (X0 != r_9 | c_FuncTree_left_24(X0) = c_FuncTree_left_23(c_FuncTree_remove_max1_t))).
cnf(stmt_78_136, axiom, (X0 = r_9 | c_FuncTree_left_24(X0) = c_FuncTree_left_23(X0))).
cnf(typing_79_137, axiom, (~c_Object_alloc_19(X0) | c_Object_alloc_19(c_FuncTree_left_24(X0)))).
cnf(typing_80_138, axiom, (c_FuncTree(c_FuncTree_left_24(X0)))).
cnf(stmt_81_139, axiom, (X0 != r_9 | c_FuncTree_right_24(X0) = new_right_7)).
cnf(stmt_81_140, axiom, (X0 = r_9 | c_FuncTree_right_24(X0) = c_FuncTree_right_23(X0))).
cnf(typing_82_141, axiom, (~c_Object_alloc_19(X0) | c_Object_alloc_19(c_FuncTree_right_24(X0)))).
cnf(typing_83_142, axiom, (c_FuncTree(c_FuncTree_right_24(X0)))).
cnf(stmt_84_143, axiom, (~c_FuncTree_content_24(X0,X1,X2) | X0 != r_9 | c_FuncTree_content_23(c_FuncTree_remove_max1_t,X1,X2))).
cnf(stmt_84_144, axiom, (~c_FuncTree_content_24(X0,X1,X2) | X0 != r_9 | X1 != c_FuncTree_remove_max1_k | X2 != c_FuncTree_remove_max1_v)).
cnf(stmt_84_145, axiom, (~c_FuncTree_content_24(X0,X1,X2) | X0 = r_9 | c_FuncTree_content_23(X0,X1,X2))).
cnf(stmt_84_146, axiom, (X0 = r_9 | ~c_FuncTree_content_23(X0,X1,X2) | c_FuncTree_content_24(X0,X1,X2))).
cnf(stmt_84_147, axiom, (~c_FuncTree_content_23(c_FuncTree_remove_max1_t,X0,X1) | X0 = c_FuncTree_remove_max1_k | X2 != r_9 | c_FuncTree_content_24(X2,X0,X1))).
cnf(stmt_84_148, axiom, (~c_FuncTree_content_23(c_FuncTree_remove_max1_t,X0,X1) | X0 = c_FuncTree_remove_max1_k | ~c_FuncTree_content_23(X2,X0,X1) | c_FuncTree_content_24(X2,X0,X1))).
cnf(stmt_84_149, axiom, (~c_FuncTree_content_23(c_FuncTree_remove_max1_t,X0,X1) | X1 = c_FuncTree_remove_max1_v | X2 != r_9 | c_FuncTree_content_24(X2,X0,X1))).
cnf(stmt_84_150, axiom, (~c_FuncTree_content_23(c_FuncTree_remove_max1_t,X0,X1) | X1 = c_FuncTree_remove_max1_v | ~c_FuncTree_content_23(X2,X0,X1) | c_FuncTree_content_24(X2,X0,X1))).
cnf(stmt_85_151, axiom, (result_28 = r_9)).
cnf(int_literal_order_152, axiom, (int_less(int_0,int_1))).
cnf('FuncTree.remove_max1:29_153', negated_conjecture, (c_Object_alloc_19(sk0))).
cnf('FuncTree.remove_max1:29_154', negated_conjecture, (c_FuncTree(sk0))).
cnf('FuncTree.remove_max1:29_155', negated_conjecture, (c_FuncTree_content_24(c_FuncTree_right_24(sk0),sk1,sk2))).
cnf('FuncTree.remove_max1:29_156', negated_conjecture, (~int_less(c_FuncTree_key_24(sk0),sk1))).
